# The Debian package: what `cmake --install` puts beside the binaries (desktop entry,
# AppStream metainfo, icons, man pages, copyright) and CPack's DEB settings.
# packaging/make_deb.sh builds it; packaging/test_package.sh tries it as a user.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(TRAINSCOPE_APP_ID org.trainscope.Trainscope)
set(deb "${PROJECT_SOURCE_DIR}/packaging/deb")
# Whoever publishes the package puts their name here (-DTRAINSCOPE_MAINTAINER=...).
set(TRAINSCOPE_MAINTAINER "The Trainscope developers <trainscope@example.org>" CACHE STRING
    "The Debian package's Maintainer")

install(FILES "${deb}/${TRAINSCOPE_APP_ID}.desktop" DESTINATION share/applications)
install(FILES "${deb}/${TRAINSCOPE_APP_ID}.metainfo.xml" DESTINATION share/metainfo)
foreach(size 16 24 32 48 64 128 256 512)
  install(FILES "${PROJECT_SOURCE_DIR}/resources/icons/trainscope-${size}.png"
          DESTINATION share/icons/hicolor/${size}x${size}/apps RENAME trainscope.png)
endforeach()
install(FILES "${PROJECT_SOURCE_DIR}/resources/icons/trainscope.svg" DESTINATION share/icons/hicolor/scalable/apps)
install(FILES "${deb}/copyright" DESTINATION share/doc/trainscope)

# Man pages from the programs' own --help (packaging/make_man.py), gzipped without a
# timestamp, and Debian's changelog, as lintian expects them.
set(man_dir "${PROJECT_BINARY_DIR}/man")
set(pages)
foreach(program trainscope-cli trainscope)
  if(NOT TARGET ${program})
    continue()
  endif()
  set(flags "")
  if(program STREQUAL "trainscope-cli")
    set(flags --subcommands)
  endif()
  add_custom_command(OUTPUT "${man_dir}/${program}.1.gz"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${man_dir}"
    COMMAND ${Python3_EXECUTABLE} "${PROJECT_SOURCE_DIR}/packaging/make_man.py" $<TARGET_FILE:${program}> ${program}
            "${man_dir}/${program}.1.gz" ${flags}
    DEPENDS ${program} "${PROJECT_SOURCE_DIR}/packaging/make_man.py" VERBATIM)
  list(APPEND pages "${man_dir}/${program}.1.gz")
endforeach()
# The release's date, not the build's: the same sources give the same package.
set(changelog_date "Tue, 01 Dec 2026 00:00:00 +0000")
file(CONFIGURE OUTPUT "${PROJECT_BINARY_DIR}/changelog" CONTENT
  "trainscope (${PROJECT_VERSION}) unstable; urgency=medium\n\n  * Built from the Trainscope repository (packaging/make_deb.sh).\n\n -- ${TRAINSCOPE_MAINTAINER}  ${changelog_date}\n")
add_custom_command(OUTPUT "${PROJECT_BINARY_DIR}/changelog.gz"
  COMMAND gzip -9nf -k "${PROJECT_BINARY_DIR}/changelog"
  DEPENDS "${PROJECT_BINARY_DIR}/changelog" VERBATIM)
add_custom_target(trainscope_package_files ALL DEPENDS ${pages} "${PROJECT_BINARY_DIR}/changelog.gz")
install(FILES ${pages} DESTINATION share/man/man1)
install(FILES "${PROJECT_BINARY_DIR}/changelog.gz" DESTINATION share/doc/trainscope)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME trainscope)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "The Trainscope developers")
set(CPACK_PACKAGE_CONTACT "${TRAINSCOPE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "workbench for training and debugging neural networks")
# The synopsis is the summary above; CPack indents these lines and marks the empty one.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION [=[Trainscope trains neural networks with LibTorch and shows what happens inside
them while they learn: live loss and accuracy curves, every layer's
distributions and gradients, memory gauges, and the images the model gets
wrong. It imports images by point and click, compares runs, replays classic
lessons of PyTorch practice, and exports models to TorchScript and ONNX and
runs to TensorBoard.

trainscope-cli runs the same experiments headless, across processes and
machines with torch.distributed (torchrun, Slurm).]=])
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Fashion-MNIST is what the app opens on and every lesson trains on: a dependency.
# The Python package's module is built for this Python (cpython-311): its version range.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "dataset-fashion-mnist, python3 (>= 3.11~), python3 (<< 3.12)")
# LibTorch runs on any libblas.so.3 (dpkg-shlibdeps asks for one), but OpenBLAS with
# OpenMP trains about 30 times faster than the reference BLAS (docs/benchmarks.md).
# A CJK font: without one the app in Chinese (--lang zh_CN) draws every character as a box.
# The Python package (/usr/lib/python3/dist-packages/trainscope) runs in a script with torch.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libopenblas0-openmp, fonts-wqy-microhei | fonts-noto-cjk, python3-torch")
# Reading runs in Python (h5py) and checking exported models (onnx, OpenCV).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-h5py, python3-onnx, python3-opencv")
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/package")
include(CPack)
