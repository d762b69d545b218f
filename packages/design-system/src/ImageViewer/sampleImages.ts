/** Story images: inline SVG (no network, no fonts) so screenshots are stable. */
export function sampleImage(fill: string, width = 400, height = 300): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300"><rect width="400" height="300" fill="${fill}"/><rect x="60" y="150" width="220" height="80" fill="#ffffff"/><rect x="280" y="180" width="70" height="50" fill="#ffffff"/><circle cx="110" cy="240" r="24" fill="#1c1f24"/><circle cx="300" cy="240" r="24" fill="#1c1f24"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
