/*
 * zbuf.c -- buffered stream helpers
 *
 * Copyright (c) 2004-2024
 *     The Foo Project and contributors
 * Copyright (C) 1998, 1999, 2000,
 *     2001 Acme Widgets, Ltd.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 */
#include <stdio.h>

static const char *copyright = "see COPYING";
