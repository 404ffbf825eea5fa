// GraphiQL against this service's /graphql. When a dashboard session exists in this browser, its
// token is put in the headers editor so the explorer acts as the logged-in staff user.
(() => {
  let headers = { Authorization: "Bearer <API secret or dashboard session token>" };
  try {
    const session = JSON.parse(localStorage.getItem("retour.session") || "null");
    if (session?.token) headers = { Authorization: "Bearer " + session.token };
  } catch (_) {}
  const fetcher = GraphiQL.createFetcher({ url: "/graphql" });
  const root = ReactDOM.createRoot(document.getElementById("graphiql"));
  root.render(
    React.createElement(GraphiQL, {
      fetcher,
      defaultHeaders: JSON.stringify(headers, null, 2),
      defaultEditorToolsVisibility: "headers",
      shouldPersistHeaders: false,
      defaultQuery:
        "# Retour GraphQL core. Every operation of every door is a field here.\nquery Me {\n  viewer {\n    __typename\n    ... on StaffViewer { user { email } stores { id name } }\n    ... on ApiClientViewer { storeId scopes }\n  }\n}\n",
    }),
  );
})();
