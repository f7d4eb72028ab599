/**
 * @license
 * tinyqueue v2.3.0
 * Copyright (c) 2015-present, Jane Doe <jane@example.com> (https://janedoe.dev)
 * Released under the ISC license.
 */
'use strict';

function banner(opts) {
  const copyright = opts.copyright || '';
  if (copyright) {
    return `/*! ${copyright} */`;
  }
  // (c) is also how the third item of a list starts
  return '';
}
module.exports = banner;
