// --name value pairs over defaults (every option takes a value).
export function parseArgs(defaults) {
  const out = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in defaults) || i + 1 >= argv.length) {
      console.error(`unknown option or missing value: ${argv[i]}; options: ${Object.keys(defaults).join(', ')}`);
      process.exit(2);
    }
    out[name] = typeof defaults[name] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return out;
}
