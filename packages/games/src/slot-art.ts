/**
 * Slot symbol pictures, drawn here as SVG (a 64 x 64 view box, flat colours, no ids, so the same
 * picture may appear many times in one document). The in-house BGS slot (apps/web) and the
 * reference vendor's slots (apps/vendor-sim) draw their reels with them; the accessible name of
 * a picture comes from the page's translations, never from the drawing.
 */

/** The inner markup of a symbol's <svg viewBox="0 0 64 64">. */
export type SymbolArt = string;

export const SYMBOL_VIEW_BOX = '0 0 64 64';

const OUTLINE = 'stroke="#1f2937" stroke-width="2" stroke-linejoin="round"';

/** A cut gem: `outline` points, `table` the top facet, in one colour with a lighter crown. */
function gem(outline: string, table: string, body: string, light: string): SymbolArt {
  return (
    `<polygon points="${outline}" fill="${body}" ${OUTLINE}/>` +
    `<polygon points="${table}" fill="${light}" opacity=".85"/>` +
    `<polyline points="${table}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="1.5"/>` +
    '<path d="M22 18l-4 6M40 16l5 7" stroke="#fff" stroke-width="2.5" stroke-linecap="round" opacity=".8"/>'
  );
}

export const SLOT_ART: Record<string, SymbolArt> = {
  // ---------------------------------------------------------------- classic fruit machine
  SEVEN:
    `<path d="M12 9h40v9L33 57H20l18-37H12z" fill="#dc2626" ${OUTLINE}/>` +
    '<path d="M16 12h32" stroke="#fca5a5" stroke-width="3" stroke-linecap="round"/>',
  BAR:
    '<g stroke="#1f2937" stroke-width="2">' +
    '<rect x="8" y="10" width="48" height="12" rx="4" fill="#facc15"/>' +
    '<rect x="8" y="26" width="48" height="12" rx="4" fill="#f59e0b"/>' +
    '<rect x="8" y="42" width="48" height="12" rx="4" fill="#d97706"/></g>' +
    '<path d="M14 14h36M14 30h36M14 46h36" stroke="#fff" stroke-opacity=".55" stroke-width="2" stroke-linecap="round"/>',
  BELL:
    '<circle cx="32" cy="8" r="4" fill="#b45309"/>' +
    `<path d="M32 10c-12 0-18 10-18 22v8l-7 9h50l-7-9v-8c0-12-6-22-18-22z" fill="#fbbf24" ${OUTLINE}/>` +
    '<circle cx="32" cy="54" r="5" fill="#b45309"/>' +
    '<path d="M22 24c1-5 4-8 8-9" stroke="#fef3c7" stroke-width="3" fill="none" stroke-linecap="round"/>',
  PLUM:
    `<ellipse cx="32" cy="38" rx="20" ry="19" fill="#7c3aed" ${OUTLINE}/>` +
    '<path d="M32 20c0 10 2 25 0 36" stroke="#5b21b6" stroke-width="2" fill="none"/>' +
    '<path d="M32 19c4-9 13-12 20-9-4 7-12 10-20 9z" fill="#16a34a"/>' +
    '<ellipse cx="24" cy="32" rx="4" ry="7" fill="#c4b5fd" opacity=".7"/>',
  LEMON:
    `<path d="M6 34c4-12 14-20 26-20s22 8 26 20c-4 12-14 18-26 18S10 46 6 34z" fill="#facc15" ${OUTLINE}/>` +
    '<path d="M20 28c4-5 9-7 14-7" stroke="#fef9c3" stroke-width="3" fill="none" stroke-linecap="round"/>',
  CHERRY:
    '<path d="M22 40C24 26 30 16 42 8M44 42C42 28 42 18 42 8" stroke="#15803d" stroke-width="3" fill="none"/>' +
    '<path d="M42 8c6-3 13-1 16 4-6 3-12 2-16-4z" fill="#22c55e"/>' +
    `<circle cx="20" cy="46" r="12" fill="#dc2626" ${OUTLINE}/>` +
    `<circle cx="44" cy="46" r="12" fill="#b91c1c" ${OUTLINE}/>` +
    '<circle cx="16" cy="42" r="3" fill="#fecaca"/><circle cx="40" cy="42" r="3" fill="#fecaca"/>',
  MELON:
    `<path d="M5 24a27 27 0 0 0 54 0z" fill="#16a34a" ${OUTLINE}/>` +
    '<path d="M10 24a22 22 0 0 0 44 0z" fill="#ef4444"/>' +
    '<g fill="#111827"><ellipse cx="22" cy="32" rx="2" ry="3"/><ellipse cx="32" cy="38" rx="2" ry="3"/>' +
    '<ellipse cx="42" cy="32" rx="2" ry="3"/><ellipse cx="27" cy="28" rx="2" ry="3"/><ellipse cx="37" cy="28" rx="2" ry="3"/></g>',
  GRAPE:
    '<path d="M32 14c0-4 2-7 6-9" stroke="#15803d" stroke-width="3" fill="none"/>' +
    '<path d="M34 12c6-5 14-4 18 1-6 4-13 4-18-1z" fill="#22c55e"/>' +
    '<g fill="#7e22ce" stroke="#1f2937" stroke-width="1.5">' +
    '<circle cx="20" cy="22" r="7"/><circle cx="32" cy="22" r="7"/><circle cx="44" cy="22" r="7"/>' +
    '<circle cx="26" cy="33" r="7"/><circle cx="38" cy="33" r="7"/>' +
    '<circle cx="32" cy="44" r="7"/><circle cx="20" cy="40" r="6"/><circle cx="44" cy="40" r="6"/>' +
    '<circle cx="32" cy="55" r="6"/></g>' +
    '<g fill="#d8b4fe"><circle cx="18" cy="20" r="2"/><circle cx="30" cy="20" r="2"/><circle cx="24" cy="31" r="2"/></g>',
  ORANGE:
    `<circle cx="32" cy="36" r="22" fill="#f97316" ${OUTLINE}/>` +
    '<path d="M32 14c3-6 10-8 16-6-3 6-10 8-16 6z" fill="#16a34a"/>' +
    '<g fill="#fdba74"><circle cx="24" cy="28" r="2"/><circle cx="30" cy="24" r="1.5"/><circle cx="22" cy="36" r="1.5"/></g>' +
    '<path d="M20 30c2-5 6-9 11-10" stroke="#fed7aa" stroke-width="3" fill="none" stroke-linecap="round"/>',
  STRAWBERRY:
    `<path d="M32 58C18 50 8 36 10 26c2-8 12-10 22-6 10-4 20-2 22 6 2 10-8 24-22 32z" fill="#e11d48" ${OUTLINE}/>` +
    '<path d="M20 18l6 4 6-8 6 8 6-4-2 8H22z" fill="#16a34a"/>' +
    '<g fill="#fde68a"><circle cx="22" cy="32" r="1.6"/><circle cx="32" cy="30" r="1.6"/><circle cx="42" cy="32" r="1.6"/>' +
    '<circle cx="26" cy="40" r="1.6"/><circle cx="38" cy="40" r="1.6"/><circle cx="32" cy="48" r="1.6"/></g>',
  // ---------------------------------------------------------------- BGS specials
  WILD:
    '<circle cx="32" cy="32" r="28" fill="#6d28d9" stroke="#facc15" stroke-width="3"/>' +
    `<path d="M14 44l-2-22 11 9 9-15 9 15 11-9-2 22z" fill="#facc15" ${OUTLINE}/>` +
    '<rect x="14" y="44" width="36" height="6" rx="2" fill="#f59e0b" stroke="#1f2937" stroke-width="2"/>' +
    '<g fill="#ef4444"><circle cx="32" cy="35" r="3"/></g><g fill="#22d3ee"><circle cx="22" cy="38" r="2"/><circle cx="42" cy="38" r="2"/></g>',
  SCATTER:
    '<circle cx="32" cy="32" r="28" fill="#0e7490" stroke="#67e8f9" stroke-width="3"/>' +
    `<path d="M32 6l6 20 20 6-20 6-6 20-6-20-20-6 20-6z" fill="#fde047" ${OUTLINE}/>` +
    '<circle cx="32" cy="32" r="5" fill="#fff"/>',
  // ---------------------------------------------------------------- gems
  DIAMOND: gem('12,24 22,10 42,10 52,24 32,56', '12,24 22,10 42,10 52,24', '#38bdf8', '#e0f2fe'),
  RUBY: gem(
    '20,8 44,8 56,20 56,44 44,56 20,56 8,44 8,20',
    '24,18 40,18 46,24 46,40 40,46 24,46 18,40 18,24',
    '#dc2626',
    '#fca5a5',
  ),
  EMERALD: gem(
    '16,8 48,8 56,16 56,48 48,56 16,56 8,48 8,16',
    '20,18 44,18 46,20 46,44 44,46 20,46 18,44 18,20',
    '#059669',
    '#6ee7b7',
  ),
  SAPPHIRE: gem(
    '32,4 50,12 58,32 50,52 32,60 14,52 6,32 14,12',
    '32,16 42,22 44,32 42,42 32,48 22,42 20,32 22,22',
    '#1d4ed8',
    '#93c5fd',
  ),
  AMETHYST: gem(
    '32,6 56,20 56,44 32,58 8,44 8,20',
    '32,18 44,26 44,38 32,46 20,38 20,26',
    '#9333ea',
    '#e9d5ff',
  ),
  TOPAZ: gem('32,4 52,30 48,48 32,60 16,48 12,30', '32,18 42,32 32,46 22,32', '#f59e0b', '#fde68a'),
  // ---------------------------------------------------------------- dragons
  DRAGON:
    '<circle cx="32" cy="32" r="29" fill="#b91c1c" stroke="#facc15" stroke-width="3"/>' +
    `<path d="M8 42c2-12 10-20 22-21l10-11-1 11c9 1 16 6 19 13l-11 2 9 8c-10 4-22 4-30 1-7 2-13 0-18-3z" fill="#16a34a" ${OUTLINE}/>` +
    '<path d="M20 26l-4-8 9 5M26 22l-1-9 7 8" fill="#facc15" stroke="#1f2937" stroke-width="1.5"/>' +
    '<circle cx="38" cy="29" r="3.5" fill="#fde047" stroke="#1f2937" stroke-width="1.5"/><circle cx="39" cy="29" r="1.5" fill="#111827"/>' +
    '<path d="M56 36c2 6 0 12-4 14M50 40c4 6 4 12 0 16" stroke="#fde047" stroke-width="2" fill="none" stroke-linecap="round"/>' +
    '<path d="M14 40h14M18 46h12" stroke="#bbf7d0" stroke-width="2" stroke-linecap="round"/>',
  INGOT:
    `<path d="M4 34c8 4 14 4 18 0h20c4 4 10 4 18 0-2 14-12 22-28 22S6 48 4 34z" fill="#f59e0b" ${OUTLINE}/>` +
    `<path d="M20 34c0-10 5-18 12-18s12 8 12 18z" fill="#fcd34d" ${OUTLINE}/>` +
    '<path d="M26 28c1-4 3-7 6-8" stroke="#fff7ed" stroke-width="3" fill="none" stroke-linecap="round"/>',
  LANTERN:
    '<path d="M32 2v6" stroke="#1f2937" stroke-width="2"/>' +
    '<rect x="22" y="8" width="20" height="6" rx="2" fill="#facc15" stroke="#1f2937" stroke-width="2"/>' +
    `<ellipse cx="32" cy="32" rx="22" ry="19" fill="#dc2626" ${OUTLINE}/>` +
    '<path d="M32 13c-8 6-8 32 0 38M32 13c8 6 8 32 0 38M20 17c-6 8-6 22 0 30M44 17c6 8 6 22 0 30" stroke="#fbbf24" stroke-width="1.5" fill="none"/>' +
    '<rect x="22" y="50" width="20" height="6" rx="2" fill="#facc15" stroke="#1f2937" stroke-width="2"/>' +
    '<path d="M28 56v6M32 56v7M36 56v6" stroke="#facc15" stroke-width="2"/>',
  JADE:
    '<circle cx="32" cy="32" r="22" fill="none" stroke="#1f2937" stroke-width="18"/>' +
    '<circle cx="32" cy="32" r="22" fill="none" stroke="#10b981" stroke-width="14"/>' +
    '<path d="M18 22a18 18 0 0 1 14-8" stroke="#a7f3d0" stroke-width="3" fill="none" stroke-linecap="round"/>' +
    '<path d="M32 4v6M32 54v6" stroke="#dc2626" stroke-width="3"/>',
  COIN:
    `<circle cx="32" cy="32" r="26" fill="#eab308" ${OUTLINE}/>` +
    '<circle cx="32" cy="32" r="20" fill="none" stroke="#a16207" stroke-width="2"/>' +
    '<rect x="25" y="25" width="14" height="14" fill="#78350f" stroke="#1f2937" stroke-width="2"/>' +
    '<g fill="#a16207"><rect x="30" y="14" width="4" height="6"/><rect x="30" y="44" width="4" height="6"/>' +
    '<rect x="14" y="30" width="6" height="4"/><rect x="44" y="30" width="6" height="4"/></g>',
  FAN:
    `<path d="M32 56L4 28A40 40 0 0 1 60 28z" fill="#f43f5e" ${OUTLINE}/>` +
    '<path d="M32 56L10 20M32 56L20 13M32 56L32 10M32 56L44 13M32 56L54 20" stroke="#fde68a" stroke-width="2"/>' +
    '<circle cx="32" cy="52" r="4" fill="#facc15" stroke="#1f2937" stroke-width="2"/>',
  // ---------------------------------------------------------------- ocean
  CHEST:
    `<path d="M8 28c0-12 10-18 24-18s24 6 24 18z" fill="#92400e" ${OUTLINE}/>` +
    `<rect x="8" y="28" width="48" height="28" rx="2" fill="#b45309" ${OUTLINE}/>` +
    '<path d="M8 28h48M20 12v44M44 12v44" stroke="#facc15" stroke-width="4"/>' +
    '<rect x="27" y="24" width="10" height="12" rx="2" fill="#facc15" stroke="#1f2937" stroke-width="2"/>' +
    '<circle cx="32" cy="30" r="2" fill="#1f2937"/>',
  PEARL:
    `<path d="M6 40c4-16 14-24 26-24s22 8 26 24z" fill="#f9a8d4" ${OUTLINE}/>` +
    `<path d="M6 40c6 12 16 18 26 18s20-6 26-18z" fill="#f472b6" ${OUTLINE}/>` +
    '<circle cx="32" cy="38" r="10" fill="#f8fafc" stroke="#94a3b8" stroke-width="2"/>' +
    '<circle cx="28" cy="34" r="3" fill="#fff"/>',
  ANCHOR:
    '<g fill="none" stroke="#1e3a8a" stroke-width="6" stroke-linecap="round">' +
    '<circle cx="32" cy="11" r="6"/><path d="M32 17v40M20 26h24M10 38c2 12 12 19 22 19s20-7 22-19"/></g>' +
    '<path d="M6 40l6-6 4 8zM58 40l-6-6-4 8z" fill="#1e3a8a"/>',
  FISH:
    `<path d="M6 32c8-12 20-16 32-14 6 1 11 6 14 14-3 8-8 13-14 14-12 2-24-2-32-14z" fill="#f97316" ${OUTLINE}/>` +
    `<path d="M50 32l10-12v24z" fill="#f97316" ${OUTLINE}/>` +
    '<path d="M22 20c-3 8-3 16 0 24M34 18c-3 9-3 19 0 28" stroke="#fff" stroke-width="4"/>' +
    '<circle cx="14" cy="29" r="3" fill="#111827"/>',
  STARFISH:
    `<path d="M32 4l7 18 19 1-15 12 5 19-16-11-16 11 5-19L6 23l19-1z" fill="#fb7185" ${OUTLINE}/>` +
    '<g fill="#fecdd3"><circle cx="32" cy="16" r="2"/><circle cx="32" cy="32" r="3"/><circle cx="44" cy="28" r="2"/>' +
    '<circle cx="20" cy="28" r="2"/><circle cx="39" cy="44" r="2"/><circle cx="25" cy="44" r="2"/></g>',
  SHELL:
    `<path d="M32 58L6 30C8 16 18 8 32 8s24 8 26 22z" fill="#fcd34d" ${OUTLINE}/>` +
    '<path d="M32 58L12 20M32 58L22 12M32 58V8M32 58L42 12M32 58L52 20" stroke="#d97706" stroke-width="2"/>' +
    `<path d="M24 58h16l-8-8z" fill="#f59e0b" ${OUTLINE}/>`,
};

/** The inner markup of `symbol`'s picture; an unknown symbol draws an empty frame. */
export function slotSymbolArt(symbol: string): SymbolArt {
  return (
    SLOT_ART[symbol] ??
    '<rect x="6" y="6" width="52" height="52" rx="8" fill="none" stroke="#94a3b8" stroke-width="2"/>'
  );
}
