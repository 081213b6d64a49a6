// The Catch2 main of every test binary, with one guard: ctest runs each test
// case by name, and a ';' in a name splits it into a list, so the discovered
// test would match nothing and pass without running. Such a name fails the
// whole binary at once instead.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <iostream>

int main(int argc, char* argv[]) {
  bool names_ok = true;
  for (const auto& test : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) {
    if (test.name.find(';') != std::string::npos) {
      std::cerr << "test name contains ';' (ctest would skip it): " << test.name << "\n";
      names_ok = false;
    }
  }
  if (!names_ok) return 2;
  return Catch::Session().run(argc, argv);
}
