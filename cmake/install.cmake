# install.cmake - what `cmake --install` puts where, and the Debian package
# (cpack -G DEB): the tool, the shared and static library, the public header,
# pkg-config and CMake package files, and the manual pages made from the
# tool's own help text (tools/man.py), so that they cannot drift.

install(TARGETS threadconv RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS threadconv_shared threadconv_core EXPORT threadconvTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES include/threadconv.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# check's documentation, which SARIF's rules link to (TC_DOC_URI)
install(FILES docs/check.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# pkg-config: the shared library; with --static, what libthreadconv.a needs
# (LLVM has no .pc file of its own: its library by path)
if(TC_WITH_LLVM)
  get_filename_component(TC_LLVM_LIB_NAME ${TC_LLVM_LIBRARY} NAME_WE)
  string(REGEX REPLACE "^lib" "" TC_LLVM_LIB_NAME ${TC_LLVM_LIB_NAME})
  set(TC_PC_LLVM "-L${TC_LLVM_LIB_DIR} -l${TC_LLVM_LIB_NAME} ")
else()
  set(TC_PC_LLVM "")
endif()
get_filename_component(TC_SPIRV_LIB_DIR ${TC_SPIRV_TOOLS_LIBRARY} DIRECTORY)
# relocatable: the prefix is found from where the file lies
file(RELATIVE_PATH TC_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" TC_PC_TO_PREFIX "${TC_PC_TO_PREFIX}")
configure_file(cmake/threadconv.pc.in ${PROJECT_BINARY_DIR}/threadconv.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/threadconv.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# CMake: find_package(threadconv) gives threadconv::threadconv (shared) and
# threadconv::static
include(CMakePackageConfigHelpers)
set(TC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/threadconv)
install(EXPORT threadconvTargets NAMESPACE threadconv:: DESTINATION ${TC_CMAKE_DIR})
configure_package_config_file(cmake/threadconvConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/threadconvConfig.cmake
                              INSTALL_DESTINATION ${TC_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/threadconvConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/threadconvConfig.cmake
              ${PROJECT_BINARY_DIR}/threadconvConfigVersion.cmake
        DESTINATION ${TC_CMAKE_DIR})

# manual pages from `threadconv help [COMMAND]`
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(TC_MAN_PAGES threadconv.1 threadconv-analyze.1 threadconv-check.1)
set(TC_MAN_OUTPUTS)
foreach(page ${TC_MAN_PAGES})
  list(APPEND TC_MAN_OUTPUTS ${PROJECT_BINARY_DIR}/man/${page})
endforeach()
add_custom_command(OUTPUT ${TC_MAN_OUTPUTS}
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/man.py
          --bin $<TARGET_FILE:threadconv> --version ${PROJECT_VERSION}
          --out ${PROJECT_BINARY_DIR}/man
  DEPENDS threadconv ${PROJECT_SOURCE_DIR}/tools/man.py
  COMMENT "Manual pages from threadconv help")
add_custom_target(threadconv_man ALL DEPENDS ${TC_MAN_OUTPUTS})
install(FILES ${TC_MAN_OUTPUTS} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# the Debian package: cpack -G DEB in the build folder
set(CPACK_PACKAGE_NAME threadconv)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "threadconv developers <threadconv@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "thread-convergence analysis of GPU kernels (barrier and collective divergence)")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "threadconv decides which blocks and edges of a GPU kernel every thread of a\n"
  "block executes together, and reports barriers, warp shuffles and work-group\n"
  "functions that only some threads may reach. It reads LLVM IR, PTX, SPIR-V\n"
  "and its own .cfg format; a C library and a command-line tool.")
# linking the static library needs these too (threadconv.pc --static)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "llvm-19-dev, spirv-tools, pkg-config")
# what `threadconv check` runs on kernel sources: clang-19 (CUDA without a
# toolkit, HIP, OpenCL C; its libclang-rt for CUDA's headers) and
# glslangValidator (GLSL)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-19, glslang-tools")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# the manual's index (man -w) is the system's business: a trigger of man-db
include(CPack)
