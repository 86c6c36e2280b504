# trainscope_torch_batches(TARGET BATCH_SIZE [PLAIN sources...] [PCH_FROM target])
# The build-time rule for targets that use LibTorch: their torch sources compile with
# the one precompiled header (cmake/torch_pch.h, made once by the engine and reused by
# tests and benchmarks) and in unity batches of BATCH_SIZE files, so torch's headers
# are loaded a few times instead of once per file; the PLAIN sources skip both.
function(trainscope_torch_batches target batch_size)
  cmake_parse_arguments(ARG "" "PCH_FROM" "PLAIN" ${ARGN})
  if(ARG_PCH_FROM)
    target_precompile_headers(${target} REUSE_FROM ${ARG_PCH_FROM})
  else()
    target_precompile_headers(${target} PRIVATE ${PROJECT_SOURCE_DIR}/cmake/torch_pch.h)
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ${TRAINSCOPE_UNITY_BUILD} UNITY_BUILD_BATCH_SIZE ${batch_size})
  if(ARG_PLAIN)
    set_source_files_properties(${ARG_PLAIN} TARGET_DIRECTORY ${target} PROPERTIES
      SKIP_PRECOMPILE_HEADERS ON SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
endfunction()
