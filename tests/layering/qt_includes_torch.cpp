// Must not compile: a Qt translation unit that includes torch (see tests/CMakeLists.txt).
#include <ATen/core/Tensor.h>
#include <QWidget>

int main() { return 0; }
