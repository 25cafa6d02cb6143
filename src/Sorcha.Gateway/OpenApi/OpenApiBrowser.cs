namespace Sorcha.Gateway.OpenApi;

/// <summary>
/// Swagger UI at /swagger listing the four services' documents, for local runs only (Development): production
/// clients read the JSON documents. Static files, so it runs before authentication.
/// </summary>
public static class OpenApiBrowser
{
    public const string RoutePrefix = "swagger";

    public static void UseOpenApiBrowser(this WebApplication app)
    {
        if (!app.Environment.IsDevelopment())
        {
            return;
        }

        // Only its own paths enter the Swagger UI's middleware, which otherwise matches a regular expression against
        // every proxied request's path.
        app.UseWhen(context => context.Request.Path.StartsWithSegments("/" + RoutePrefix), swagger => swagger.UseSwaggerUI(o =>
        {
            o.RoutePrefix = RoutePrefix;
            o.DocumentTitle = "Sorcha API";
            foreach (var service in OpenApiDocumentRoutes.DocumentedServices(app.Services))
            {
                o.SwaggerEndpoint($"/openapi/{service}.json", service);
            }
        }));
    }
}
