import { env } from '@/config/env';

/** The product's mark and name. */
export function Brand({ className = '' }: { className?: string }) {
  return (
    <span className={`brand d-inline-flex align-items-center gap-2 ${className}`}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span className="brand-name">{env.appName}</span>
    </span>
  );
}
