import { useState } from 'react';
import { initials, type CurrentUser } from '../current-user';

/** The profile picture, or the initials when there is none or it cannot be loaded (e.g. refused by the CSP). */
export function UserAvatar({ user }: { user: Pick<CurrentUser, 'firstName' | 'lastName' | 'profileImageUrl'> }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = user.profileImageUrl;
  if (url && url !== failedUrl) return <img className="avatar" src={url} alt="" onError={() => setFailedUrl(url)} />;
  return (
    <span className="avatar" aria-hidden>
      {initials(user)}
    </span>
  );
}
