# Writes OUTPUT, a C++ source holding the text of each file in INPUTS (a ;-list) as a string,
# so the shipped maps are part of the binary. Run by add_custom_command in src/ontour.
set(out "// Generated from data/maps by cmake/embed.cmake; do not edit.\n")
string(APPEND out "#include \"ontour/embedded_maps.h\"\n\nnamespace tabletop::ontour {\n\n")
string(APPEND out "const std::vector<EmbeddedMap>& embedded_maps() {\n  static const std::vector<EmbeddedMap> maps = {\n")
string(REPLACE "|" ";" INPUTS "${INPUTS}")
foreach(input IN LISTS INPUTS)
  get_filename_component(name "${input}" NAME_WE)
  file(READ "${input}" text)
  string(APPEND out "    {\"${name}\", R\"tabletopjson(${text})tabletopjson\"},\n")
endforeach()
string(APPEND out "  };\n  return maps;\n}\n\n}  // namespace tabletop::ontour\n")
file(WRITE "${OUTPUT}.tmp" "${out}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
