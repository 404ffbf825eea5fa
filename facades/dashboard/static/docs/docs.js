// Renders the OpenAPI documents listed by /docs/config.json with the locally served Swagger UI.
(async () => {
  const config = await fetch("/docs/config.json").then((r) => r.json());
  if (config.explorer) {
    const link = document.getElementById("explorer-link");
    link.href = config.explorer;
    link.hidden = false;
  }
  const docs = config.documents;
  // Our own API switcher in the header (Swagger UI's top bar stays hidden); ?api=<index> keeps the choice.
  const chosen = Math.min(Math.max(Number(new URLSearchParams(location.search).get("api")) || 0, 0), docs.length - 1);
  if (docs.length > 1) {
    const select = document.getElementById("api-switcher");
    docs.forEach((d, i) => select.add(new Option(d.name, String(i), i === chosen, i === chosen)));
    select.closest("label").hidden = false;
    select.addEventListener("change", () => {
      const url = docs[Number(select.value)].url;
      window.ui.specActions.updateUrl(url);
      window.ui.specActions.download(url);
      history.replaceState(null, "", `${location.pathname}?api=${select.value}`);
    });
  }
  window.ui = SwaggerUIBundle({
    dom_id: "#swagger-ui",
    url: docs[chosen].url,
    deepLinking: true,
    // No call to the public validator service: the page works offline.
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "BaseLayout",
  });
})();
