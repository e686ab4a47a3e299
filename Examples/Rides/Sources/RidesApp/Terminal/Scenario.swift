/// The scenario `rides` plays when it is given no commands: a tour of the app.
public enum Scenario {
  public static let demo = """
    # A promo link opened before signing in waits for the sign-in.
    open rides://promo/SAVE5
    login alice
    request
    pickup home
    dropoff airport
    select black
    card amex
    # Coupons are an optional plugin: switching the flag off detaches Coupon at once.
    flag coupons off
    flag coupons on
    confirm
    seats 2
    note blue door, ring twice
    flag live_activity on
    request
    wait 10s
    # A push notification moves the trip screen.
    push {"type": "driver_arrived", "trip": 100}
    tree
    # Once on board, the faulty live activity plugin is switched off; the ride goes on.
    wait 30s
    wait 20m
    tree
    done
    quit
    """
}
