"""The game's screen logic, free of any browser: controller (events), view model, narration, strings, saves."""
