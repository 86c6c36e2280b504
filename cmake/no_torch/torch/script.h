// Stands before the real torch/script.h on the include path of every Qt target.
#error "Qt code never includes torch: use the engine's torch-free headers (cmake/no_torch/README.md)"
