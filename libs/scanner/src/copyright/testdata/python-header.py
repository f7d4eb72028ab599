#!/usr/bin/env python3
# -*- coding: utf-8 -*-
#
# Copyright (C) 2018-2021 The Foo Authors
# SPDX-License-Identifier: BSD-3-Clause
#
"""Utilities for foo."""

__author__ = "Bob Smith <bob@smith.dev>"
__copyright__ = "Copyright 2018 Bob Smith"


def copyright_year(copyright):
    return copyright.split()[1]
