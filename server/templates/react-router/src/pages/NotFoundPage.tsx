import { Link, useLocation } from 'react-router';

function NotFoundPage() {
  const location = useLocation();
  return (
    <>
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{location.pathname}</code>.
      </p>
      <Link to="/">Go back home</Link>
    </>
  );
}

export default NotFoundPage;
