// Command lines of Brethren's tools and benchmarks, parsed the same way in
// each with Boost.program_options: --help prints the options and exits 0; a
// bad option prints what is wrong and exits 2.
#pragma once

#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <string_view>

namespace brethren::tools {

// Parses argv into `vm` and sets the bound variables. nullopt: carry on;
// otherwise the program should exit with the returned code.
inline std::optional<int> parse_command_line(int argc, const char* const argv[],
                                             const boost::program_options::options_description& desc,
                                             boost::program_options::variables_map& vm, std::string_view program) {
  namespace po = boost::program_options;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help")) {
      std::cout << desc << "\n";
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << program << ": " << e.what() << "\n" << desc << "\n";
    return 2;
  }
  return std::nullopt;
}

}  // namespace brethren::tools
