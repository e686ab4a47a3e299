print("ribcage")
