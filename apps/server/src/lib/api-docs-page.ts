/**
 * The documentation page served at /api/docs: one self-contained HTML page (no CDN: plants have
 * no internet) whose small script fetches /api/openapi.json and renders the calls grouped by tag,
 * with method, path, auth, summary, parameters, body and answer schemas and examples.
 *
 * Its Content-Security-Policy lets exactly this page run: the inline script and style are allowed
 * by their SHA-256 hashes (computed here from the very strings served), the fetch by
 * `connect-src 'self'`, and nothing else (no other script, image, frame, form or base URL). The
 * script builds the page with DOM calls and textContent only, so Trusted Types can be required too.
 */
import { createHash } from 'node:crypto';

const STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; color: #1d2530; background: #f5f6f8; }
body { margin: 0; }
header { background: #1f3a5f; color: #fff; padding: 20px 40px; }
header h1 { margin: 0 0 4px; font-size: 24px; }
header p { margin: 0; opacity: .85; max-width: 960px; line-height: 1.4; }
header a { color: #fff; }
main { padding: 16px 40px 48px; max-width: 1280px; }
.toolbar { display: flex; gap: 12px; align-items: center; margin: 8px 0 16px; }
.toolbar input { font: inherit; padding: 6px 10px; width: 360px; border: 1px solid #b8c0cc; border-radius: 6px; }
.auth { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; font-size: 14px; margin: 0 0 16px; }
.auth dt { font-weight: 600; }
.auth dd { margin: 0; }
h2 { font-size: 18px; margin: 24px 0 4px; text-transform: capitalize; }
h2 + p { margin: 0 0 8px; color: #4a5565; font-size: 14px; }
details { background: #fff; border: 1px solid #d9dee5; border-radius: 6px; margin: 4px 0; }
summary { display: flex; gap: 12px; align-items: baseline; padding: 8px 12px; cursor: pointer; font-size: 14px; }
.method { display: inline-block; min-width: 56px; text-align: center; font-weight: 700; font-size: 12px; padding: 2px 6px; border-radius: 4px; color: #fff; background: #5b6675; }
.m-get { background: #2f6fb0; } .m-post { background: #2e7d4f; } .m-put { background: #a0661c; }
.m-patch { background: #7a4fb0; } .m-delete { background: #b03a2e; } .m-head { background: #5b6675; }
.path { font-family: ui-monospace, monospace; font-weight: 600; }
.auth-kind { font-size: 12px; color: #4a5565; border: 1px solid #c7ced8; border-radius: 10px; padding: 0 8px; }
.sum { color: #3a4452; }
.body { padding: 4px 16px 12px; border-top: 1px solid #eef0f3; font-size: 14px; }
.body h3 { font-size: 13px; margin: 12px 0 4px; text-transform: uppercase; letter-spacing: .04em; color: #4a5565; }
table { border-collapse: collapse; }
td, th { text-align: left; padding: 2px 12px 2px 0; vertical-align: top; }
code, pre { font-family: ui-monospace, monospace; font-size: 12px; }
pre { background: #f3f5f8; border: 1px solid #e2e6ec; border-radius: 4px; padding: 8px; max-height: 320px; overflow: auto; margin: 4px 0; }
.error { color: #b03a2e; }
`;

const SCRIPT = `
'use strict';
(function () {
  var AUTH = {
    none: 'public',
    'kiosk-token': 'kiosk token',
    'admin-session': 'back-office session',
    'publish-token': 'publish token',
    'alert-token': 'alert token',
    'metrics-token': 'metrics token'
  };
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) for (var key in attrs) node.setAttribute(key, attrs[key]);
    (children || []).forEach(function (child) {
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }
  function pre(value) { return el('pre', null, [JSON.stringify(value, null, 2)]); }
  function typeOf(schema) {
    if (!schema) return '';
    if (schema.type) return Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
    if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    return 'any';
  }
  function operationBlock(path, method, op) {
    var body = el('div', { class: 'body' });
    if (op.description) body.append(el('p', null, [op.description]));
    if (op.security) {
      body.append(el('h3', null, ['Auth']));
      body.append(el('p', null, [op.security.map(function (s) { return Object.keys(s).join(' + '); }).join(' or ')]));
    }
    if (op.parameters && op.parameters.length) {
      body.append(el('h3', null, ['Parameters']));
      var rows = op.parameters.map(function (p) {
        return el('tr', null, [
          el('td', null, [el('code', null, [p.name])]),
          el('td', null, [p.in]),
          el('td', null, [p.required ? 'required' : 'optional']),
          el('td', null, [typeOf(p.schema)]),
          el('td', null, [p.description || ''])
        ]);
      });
      body.append(el('table', null, rows));
    }
    if (op.requestBody) {
      body.append(el('h3', null, ['Body']));
      Object.keys(op.requestBody.content).forEach(function (type) {
        body.append(el('p', null, [el('code', null, [type])]));
        body.append(pre(op.requestBody.content[type].schema));
      });
    }
    body.append(el('h3', null, ['Answers']));
    Object.keys(op.responses).forEach(function (status) {
      var response = op.responses[status];
      if (response.$ref) {
        body.append(el('p', null, [status + ': the error envelope']));
        return;
      }
      body.append(el('p', null, [status + ': ' + response.description]));
      var content = response.content || {};
      Object.keys(content).forEach(function (type) {
        var media = content[type];
        if (type === 'application/json') {
          // The envelope is the same everywhere: show what varies, the schema of \`data\`.
          var data = media.schema && media.schema.properties && media.schema.properties.data;
          if (data && media.schema.properties.error) body.append(el('p', null, ['data:']), pre(data));
          else body.append(pre(media.schema));
        }
        if (media['x-event-data']) body.append(pre(media['x-event-data']));
        if (media.example) {
          body.append(el('p', null, ['Example:']));
          body.append(pre(media.example));
        }
      });
    });
    return el('details', { 'data-search': (method + ' ' + path + ' ' + op.summary).toLowerCase() }, [
      el('summary', null, [
        el('span', { class: 'method m-' + method }, [method.toUpperCase()]),
        el('span', { class: 'path' }, [path]),
        el('span', { class: 'auth-kind' }, [AUTH[op['x-auth']] || op['x-auth'] || '']),
        el('span', { class: 'sum' }, [op.summary || ''])
      ]),
      body
    ]);
  }
  function render(doc) {
    document.getElementById('version').textContent = 'version ' + doc.info.version;
    var schemes = doc.components.securitySchemes;
    var auth = document.getElementById('auth');
    Object.keys(schemes).forEach(function (name) {
      var s = schemes[name];
      var how = s.type === 'http' ? 'Authorization: Bearer …' : s.in + ' ' + s.name;
      auth.append(el('dt', null, [name]), el('dd', null, [how + ' — ' + (s.description || '')]));
    });
    var main = document.getElementById('calls');
    doc.tags.forEach(function (tag) {
      var section = el('section', null, [el('h2', null, [tag.name]), el('p', null, [tag.description || ''])]);
      Object.keys(doc.paths).forEach(function (path) {
        var item = doc.paths[path];
        Object.keys(item).forEach(function (method) {
          if (item[method].tags.indexOf(tag.name) >= 0) section.append(operationBlock(path, method, item[method]));
        });
      });
      main.append(section);
    });
    var count = document.querySelectorAll('details').length;
    document.getElementById('count').textContent = count + ' calls';
  }
  document.getElementById('filter').addEventListener('input', function (event) {
    var text = event.target.value.toLowerCase();
    document.querySelectorAll('details').forEach(function (node) {
      node.hidden = text !== '' && node.getAttribute('data-search').indexOf(text) < 0;
    });
  });
  fetch('/api/openapi.json', { headers: { accept: 'application/json' } })
    .then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.json();
    })
    .then(render)
    .catch(function (error) {
      var p = el('p', { class: 'error' }, ['The document could not be loaded: ' + error.message]);
      document.getElementById('calls').append(p);
    });
})();
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page's policy: its own inline script and style (by hash), fetches to this origin. */
export const API_DOCS_CSP = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "connect-src 'self'",
  "require-trusted-types-for 'script'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const API_DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plant kiosk API</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Plant kiosk API</h1>
<p><span id="version"></span> · the machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
Every JSON answer, errors included, is the envelope <code>{ data, message, error }</code>.</p>
</header>
<main>
<div class="toolbar"><input id="filter" type="search" placeholder="Filter by path or summary" aria-label="Filter the calls"><span id="count"></span></div>
<dl class="auth" id="auth"></dl>
<div id="calls"></div>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
