// Renders the OpenAPI documents listed by /docs/config.json with the locally served Swagger UI.
(async function () {
  const config = await fetch("/docs/config.json").then((r) => r.json());
  if (config.explorer) {
    const link = document.getElementById("explorer-link");
    link.href = config.explorer;
    link.hidden = false;
  }
  const docs = config.documents;
  window.ui = SwaggerUIBundle({
    dom_id: "#swagger-ui",
    ...(docs.length === 1 ? { url: docs[0].url } : { urls: docs.map((d) => ({ name: d.name, url: d.url })) }),
    deepLinking: true,
    // No call to the public validator service: the page works offline.
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: docs.length === 1 ? "BaseLayout" : "StandaloneLayout",
  });
})();
