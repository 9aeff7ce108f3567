#!/usr/bin/env node
// Reads an installed systemd unit the way systemd would run it, for `npm run test:totem`: the
// test starts the totem's session and browser from the files the installer wrote, not from a copy
// of their command lines, so a flag lost in the unit is a flag lost in the test.
//
//   node unit-exec.mjs <root> <unit path inside root> [NAME=VALUE override]...
//
// Prints one JSON object: { user, env, execStartPre: [[argv]...], execStart: [argv] }. What it
// follows of systemd.service(5) and systemd.exec(5): continuation lines, Environment= (quoted
// assignments), EnvironmentFile= (read under <root>, "-" = optional), the "-@:+!" prefixes of
// Exec lines, `%%`, `$NAME` as a whole word (split at white space, gone when empty) and `${NAME}`
// (one word, never split). Overrides replace a unit's variable (e.g. DISPLAY=:99 for Xvfb).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [root, unitPath, ...overrides] = process.argv.slice(2);
if (!root || !unitPath) {
  console.error('usage: unit-exec.mjs <root> <unit path inside root> [NAME=VALUE]...');
  process.exit(2);
}

/** The [Service] section's settings in order, continuation lines joined, comments dropped. */
function serviceSettings(text) {
  const joined = text.replace(/\\\n/g, ' ');
  const settings = [];
  let section = '';
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const eq = line.indexOf('=');
    if (section === 'Service' && eq > 0) {
      settings.push({ key: line.slice(0, eq).trim(), value: line.slice(eq + 1).trim() });
    }
  }
  return settings;
}

/** Splits a value into words the way systemd does: white space, with "…" and '…' quoting. */
function words(value) {
  const out = [];
  let current = '';
  let quote = '';
  let inWord = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && i + 1 < value.length) current += value[++i];
      else current += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) out.push(current);
      current = '';
      inWord = false;
    } else {
      if (c === '\\' && i + 1 < value.length) current += value[++i];
      else current += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated quote in: ${value}`);
  if (inWord) out.push(current);
  return out;
}

function readEnvironmentFile(spec, env) {
  const optional = spec.startsWith('-');
  const path = join(root, optional ? spec.slice(1) : spec);
  if (!existsSync(path)) {
    if (optional) return;
    throw new Error(`EnvironmentFile ${spec} is missing`);
  }
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    let value = line.slice(eq + 1).trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    env[line.slice(0, eq).trim()] = value;
  }
}

/** One Exec line as argv: specifiers, then $NAME (split) and ${NAME} (kept whole). */
function execArgv(value, env) {
  const line = value.replace(/^[-@:+!]+/, '').replace(/%%/g, '%');
  const argv = [];
  for (const word of words(line)) {
    const whole = /^\$([A-Za-z_][A-Za-z0-9_]*)$/.exec(word);
    if (whole) {
      argv.push(...(env[whole[1]] ?? '').split(/\s+/).filter(Boolean));
      continue;
    }
    argv.push(word.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name) => env[name] ?? ''));
  }
  return argv;
}

const settings = serviceSettings(readFileSync(join(root, unitPath), 'utf8'));
const env = {};
let user = 'root';
for (const { key, value } of settings) {
  if (key === 'Environment') {
    for (const assignment of words(value)) {
      const eq = assignment.indexOf('=');
      if (eq > 0) env[assignment.slice(0, eq)] = assignment.slice(eq + 1).replace(/%%/g, '%');
    }
  } else if (key === 'EnvironmentFile') {
    readEnvironmentFile(value, env);
  } else if (key === 'User') {
    user = value;
  }
}
for (const override of overrides) {
  const eq = override.indexOf('=');
  env[override.slice(0, eq)] = override.slice(eq + 1);
}
const execStartPre = settings
  .filter(({ key }) => key === 'ExecStartPre')
  .map(({ value }) => execArgv(value, env));
const execStart = settings
  .filter(({ key }) => key === 'ExecStart')
  .map(({ value }) => execArgv(value, env));
if (execStart.length !== 1) throw new Error(`${unitPath}: expected one ExecStart=`);
process.stdout.write(
  `${JSON.stringify({ user, env, execStartPre, execStart: execStart[0] }, null, 2)}\n`,
);
