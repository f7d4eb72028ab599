/* getopt.c -- parse command-line options
   Copyright (C) 1987-2017 Free Software Foundation, Inc.
   This file is part of the GNU C Library.
   Written by Roland McGrath <roland@gnu.org>.

   This program is free software; you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation; either version 2, or (at your option)
   any later version.

   You should have received a copy of the GNU General Public License
   along with this program; if not, write to the Free Software Foundation,
   Inc., 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA.

   If the program is interactive, make it output a short notice like this:

       Gnomovision version 69, Copyright (C) year name of author
       Copyright (C) <year>  <name of author>
*/
