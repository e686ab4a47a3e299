import Stencil
