import { Search } from 'lucide-react';

/** Spec section 2.3: the header search box (its behaviour is not specified yet). */
export function HeaderSearch({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <div className="header-search" role="search">
      <Search size={16} aria-hidden className="header-search-icon" />
      <input type="search" aria-label="Search" placeholder="Search users, carers, clients..." autoFocus={autoFocus} />
    </div>
  );
}
