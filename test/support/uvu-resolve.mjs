// Module resolution hook (registered by ./uvu-hooks.mjs): `uvu` means ./uvu-checked.mjs, except for that file itself
// and uvu's own modules, which get the real package.
const CHECKED = new URL('./uvu-checked.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL ?? '';
  if (specifier === 'uvu' && parent !== CHECKED && !parent.includes('/node_modules/uvu/')) {
    return { url: CHECKED, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
