import { detectLexer, lexerForFileName, lexerForShebang } from './programming-language';

describe('lexerForFileName', () => {
  // Expected values are what Pygments 2.20's get_lexer_for_filename returns for these names
  // ('' for ClassNotFound), recorded when the table was generated.
  it.each([
    ["main.py", "Python"],
    ["setup.py", "Python"],
    ["app.js", "JavaScript"],
    ["index.mjs", "JavaScript"],
    ["lib.cjs", "JavaScript"],
    ["main.c", "C"],
    ["util.h", "C"],
    ["Foo.java", "Java"],
    ["main.go", "Go"],
    ["lib.rs", "Rust"],
    ["app.rb", "Ruby"],
    ["run.sh", "Bash"],
    ["build.bash", "Bash"],
    ["index.ts", "TypeScript"],
    ["comp.tsx", "TSX"],
    ["view.jsx", "JSX"],
    ["x.cpp", "C++"],
    ["x.hpp", "C++"],
    ["x.cc", "C++"],
    ["Makefile", "Makefile"],
    ["makefile", "Makefile"],
    ["GNUmakefile", "Makefile"],
    ["CMakeLists.txt", "CMake"],
    ["Dockerfile", "Docker"],
    ["style.css", "CSS"],
    ["page.html", "HTML"],
    ["page.htm", "HTML"],
    ["doc.xml", "XML"],
    ["README.md", "Markdown"],
    ["notes.txt", "Text only"],
    ["conf.yaml", "YAML"],
    ["conf.yml", "YAML"],
    ["Cargo.toml", "TOML"],
    ["pom.xml", "XML"],
    ["package.json", "JSON"],
    ["tsconfig.json", "JSON"],
    ["Gemfile", "Ruby"],
    ["Rakefile", "Ruby"],
    ["foo.gemspec", "Ruby"],
    ["MAIN.PY", ""],
    ["Foo.JAVA", ""],
    ["x.pl", "Prolog"],
    ["x.pm", "Promela"],
    ["x.php", "PHP"],
    ["x.swift", "Swift"],
    ["x.kt", "Kotlin"],
    ["x.scala", "Scala"],
    ["x.cs", "C#"],
    ["x.m", "Objective-C"],
    ["x.mm", "Objective-C++"],
    ["x.sql", "Transact-SQL"],
    ["x.lua", "Lua"],
    ["x.r", "REBOL"],
    ["x.R", "S"],
    ["Vagrantfile", "Ruby"],
    [".bashrc", "Bash"],
    [".zshrc", "Bash"],
    ["x.ps1", "PowerShell"],
    ["x.bat", "Batchfile"],
    ["x.vue", "Vue"],
    ["x.svelte", ""],
    ["x.tf", "Terraform"],
    ["x.proto", "Protocol Buffer"],
    ["x.ini", "INI"],
    ["x.cfg", "INI"],
    ["x.toml", "TOML"],
    ["x.erb", ""],
    ["x.html.erb", ""],
    ["x.ex", "Elixir"],
    ["x.exs", "Elixir"],
    ["x.erl", "Erlang"],
    ["x.hs", "Haskell"],
    ["x.clj", "Clojure"],
    ["x.dart", "Dart"],
    ["x.groovy", "Groovy"],
    ["build.gradle", "Groovy"],
    ["x.in", ""],
    ["Makefile.am", "Makefile"],
    ["configure.ac", ""],
    ["x.1", "Groff"],
    ["x.3", "Groff"],
    ["Kconfig", "Kconfig"],
    ["x.patch", "Diff"],
    ["x.diff", "Diff"],
    ["x.s", "GAS"],
    ["x.S", "S"],
    ["x.asm", "NASM"],
    ["x.f90", "Fortran"],
    ["x.d.ts", "TypeScript"],
    ["x.min.js", "JavaScript"],
    ["x.js.map", ""],
    ["x.json5", "JSON5"],
    ["x.jsonld", "JSON-LD"],
    ["x.ipynb", ""],
    ["x.lock", ""],
    ["yarn.lock", ""],
    ["x.properties", "Properties"],
    ["x.sed", "Sed"],
    ["x.xpm", "C"],
    ["Config.in.host", "Kconfig"],
    ["x.php4", "PHP"],
    ["x.coffee", "CoffeeScript"],
    ["x.less", "LessCss"],
    ["x.scss", "SCSS"],
    ["x.sass", "Sass"],
    ["x.styl", ""],
    ["x.svg", ""],
    ["x.rst", "reStructuredText"],
    ["x.tex", "TeX"],
    ["x.mk", "Makefile"],
    ["x.cmake", "CMake"],
    ["x.nix", "Nix"],
    ["x.zig", "Zig"],
    ["x.v", "verilog"],
    ["x.sv", "systemverilog"],
    ["x.vhd", "vhdl"],
    ["x.el", "EmacsLisp"],
    ["x.lisp", "Common Lisp"],
    ["x.scm", "Scheme"],
    ["x.ml", "OCaml"],
    ["x.fs", "Forth"],
    ["x.jl", "Julia"],
    ["x.pyx", "Cython"],
    ["x.pyi", "Python"],
    ["x.pxd", "Cython"],
    ["x.h.in", ""],
  ])('%s -> %j', (name, lexer) => {
    expect(lexerForFileName(name)).toBe(lexer);
  });
});

describe('lexerForShebang', () => {
  it.each([
    ['#!/usr/bin/env python3\nprint(1)\n', 'Python'],
    ['#!/usr/bin/python3.12 -u\n', 'Python'],
    ['#!/bin/sh\nset -e\n', 'Bash'],
    ['#!/usr/bin/env bash\n', 'Bash'],
    ['#! /usr/bin/perl -w\n', 'Perl'],
    ['#!/usr/bin/env ruby\n', 'Ruby'],
    ['#!/usr/bin/env node\n', 'JavaScript'],
    ['#!/usr/bin/env -S node --no-warnings\n', 'JavaScript'],
    ['#!/usr/bin/env unknown-tool\n', ''],
    ['no shebang here\n', ''],
  ])('%j -> %j', (head, lexer) => {
    expect(lexerForShebang(head)).toBe(lexer);
  });
});

describe('detectLexer (ScanCode order)', () => {
  const noContent = () => '';
  it('retries with the lower-cased name', () => {
    expect(detectLexer('MAIN.PY', '.PY', noContent)).toBe('Python');
    expect(detectLexer('Foo.JAVA', '.JAVA', noContent)).toBe('Java');
  });
  it('treats a JSON lexer as no language', () => {
    expect(detectLexer('tsconfig.json', '.json', noContent)).toBe('');
    expect(detectLexer('x.jsonld', '.jsonld', noContent)).toBe('');
  });
  it('guesses from content only without an extension', () => {
    expect(detectLexer('run', '', () => '#!/bin/bash\n')).toBe('Bash');
    expect(detectLexer('run.unknownext', '.unknownext', () => '#!/bin/bash\n')).toBe('');
  });
  it('prefers a file-name glob over the shebang', () => {
    expect(detectLexer('Rakefile', '', () => '#!/usr/bin/env python\n')).toBe('Ruby');
  });
});
