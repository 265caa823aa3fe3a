interface ShopLogoProps {
  width?: number;
  height?: number;
  className?: string;
}

// The shop's mark as inline SVG: no request, sharp at any size, and sized up front (no layout shift).
export function ShopLogo({ width = 160, height = 160, className }: ShopLogoProps) {
  return (
    <svg
      role="img"
      aria-label="Manukato logo"
      width={width}
      height={height}
      viewBox="0 0 160 160"
      className={className}
      focusable="false"
    >
      <circle cx="80" cy="80" r="78" fill="#faf7f4" stroke="#8a5a44" strokeWidth="4" />
      <rect x="62" y="30" width="36" height="16" rx="3" fill="#6d4433" />
      <rect x="70" y="46" width="20" height="10" fill="#8a5a44" />
      <rect x="44" y="56" width="72" height="68" rx="14" fill="#8a5a44" />
      <text x="80" y="98" textAnchor="middle" fontFamily="Georgia, serif" fontSize="30" fill="#fff">
        M
      </text>
      <text
        x="80"
        y="144"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="11"
        letterSpacing="3"
        fill="#1f1a17"
      >
        MANUKATO
      </text>
    </svg>
  );
}
