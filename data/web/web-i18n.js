// web-i18n.js — the phone pages' translations (table entry's entry.js and
// the remote player's play.js): the build puts this file, then the page's
// own script, behind `const LW_CATALOGS = {"de": {msgid: msgstr}, …}`
// (build-aux/po-to-json.py), made from the app's po/*.po for the messages
// the page marks with _(), N_() and C_(). The language is the first of the
// browser's languages (navigator.languages) that has a catalog, else
// English. No external resources.
//
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';

/* global LW_CATALOGS */
const catalogs = typeof LW_CATALOGS === 'object' ? LW_CATALOGS : {};
const lang = (() => {
  const wanted = navigator.languages && navigator.languages.length > 0
    ? navigator.languages : [navigator.language || 'en'];
  for (const tag of wanted) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (code === 'en')
      return 'en';
    if (Object.prototype.hasOwnProperty.call(catalogs, code))
      return code;
  }
  return 'en';
})();

// The app's labels carry a mnemonic ("_Declare", "Dernier p_li"): the
// pages have none, so the underscore goes.
function bare(text) {
  return text.replace(/_(?=[^_])/, '');
}

function _(msgid) {
  const catalog = catalogs[lang];
  const text = catalog && catalog[msgid] ? catalog[msgid] : msgid;
  return bare(text);
}

function C_(context, msgid) {
  const catalog = catalogs[lang];
  const key = context + '\u0004' + msgid;
  return bare(catalog && catalog[key] ? catalog[key] : msgid);
}

// Marked for the catalogs, translated when shown.
function N_(msgid) {
  return msgid;
}

// "{name}" in @text replaced by @values.name.
function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

// @name isolated (U+2068 … U+2069) for a line of words, so that its
// right-to-left letters or bidirectional controls (the names rule allows
// them beside visible characters) cannot turn the words around it
// backwards. An isolate the name opens and leaves open is closed, and a
// U+2069 of the name that closes none of its own is dropped: either would
// let the name's override out of its isolate, over the rest of the line.
function isolateName(name) {
  let depth = 0;
  let held = '';
  for (const ch of name) {
    if (ch === '\u2066' || ch === '\u2067' || ch === '\u2068')
      depth++;
    else if (ch === '\u2069' && depth === 0)
      continue;
    else if (ch === '\u2069')
      depth--;
    held += ch;
  }
  return '\u2068' + held + '\u2069'.repeat(depth + 1);
}
