function AboutPage() {
  return (
    <>
      <h1>About</h1>
      <p>
        This app shows the three building blocks of client-side routing: a shared layout with
        navigation links, static pages, and a dynamic page that reads its id from the URL.
      </p>
      <p>
        Routes are declared in <code>src/App.tsx</code>. Links change the URL without reloading the
        page, and the browser&apos;s back and forward buttons work as expected.
      </p>
    </>
  );
}

export default AboutPage;
