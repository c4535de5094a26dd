import { Link } from 'react-router';
import { useT } from '@/i18n';

export function Logo() {
  const t = useT();
  return (
    <Link to="/" className="logo" aria-label={t('frame.nav.home')}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path d="M13 2 4 14h6l-1 8 9-12h-6l1-8Z" fill="currentColor" />
      </svg>
      <span>FITSTREAK</span>
    </Link>
  );
}
