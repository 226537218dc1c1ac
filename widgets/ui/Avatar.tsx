// Initials avatars are drawn locally as SVG: no third-party request, and nothing for CSP to allow.
const PALETTE = ['#4338ca', '#0f766e', '#b45309', '#be123c', '#6d28d9', '#1d4ed8', '#15803d', '#9d174d'];

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

function colorFor(name: string) {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length];
}

/** A same-origin image when given, otherwise initials on a colour derived from the name. */
export function Avatar({ name, src, size = 40, decorative = false }: { name: string; src?: string; size?: number; /** Hide from assistive technology when the name is already written next to it. Default false. */ decorative?: boolean }) {
  if (src && (src.startsWith('/') || src.startsWith('data:image/'))) {
    return <img className="cf-avatar" src={src} alt={decorative ? '' : name} width={size} height={size} />;
  }
  return (
    <svg
      className="cf-avatar"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      <circle cx="20" cy="20" r="20" fill={colorFor(name)} />
      <text x="20" y="25" textAnchor="middle" fontSize="15" fontWeight="600" fill="#fff" fontFamily="system-ui, sans-serif">
        {initials(name)}
      </text>
    </svg>
  );
}
