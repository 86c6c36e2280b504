// Must not compile: a Qt translation unit that includes torch (see tests/CMakeLists.txt).
#include <QWidget>
#include <ATen/core/Tensor.h>

int main() { return 0; }
