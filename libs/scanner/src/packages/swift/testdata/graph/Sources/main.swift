print("trailhead")
