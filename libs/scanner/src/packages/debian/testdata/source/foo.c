int foo(void) { return 1; }
