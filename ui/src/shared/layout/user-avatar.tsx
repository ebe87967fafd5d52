import { initials, type CurrentUser } from '../current-user';

export function UserAvatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) return <img className="avatar" src={user.profileImageUrl} alt="" />;
  return (
    <span className="avatar" aria-hidden>
      {initials(user)}
    </span>
  );
}
