// docs/config.md's field tables, written from the declarations (config_fields.h): a
// table follows each "<!-- fields: SECTION -->" line ("top" for the top level).
#pragma once

#include <string>

namespace trainscope {

// One section's table: field, default, meaning.
std::string configFieldTable(const std::string& section);
// `markdown` with the table after each marker written anew from the declarations.
std::string withConfigFieldTables(const std::string& markdown);

}  // namespace trainscope
