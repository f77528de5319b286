"""The tuner: Optuna searches the method (window, rank, format, smoother, refit) and the kernels that fit a target GPU
for each model, and writes recipes (`leapquant.recipe`). `tuner.space` is its define-by-run search space."""
