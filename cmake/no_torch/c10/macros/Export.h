// Stands before the real c10/macros/Export.h on the include path of every Qt target.
#error "Qt code never includes torch: the app and widgets use the engine's torch-free headers (session.h, config/, run/, ...). Qt's slots macro breaks ATen, and torch stays inside src/engine. See cmake/no_torch/README.md."
