using System.Text;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Web.Designer;
using Sorcha.Web.Identity;

namespace Sorcha.Web.Api;

/// <summary>
/// <c>GET /blueprints/{id}/export[?version=n]</c>: the blueprint's JSON document as a download (what import and
/// POST /api/blueprints take back), read with the signed-in person's token like every page.
/// </summary>
public static class BlueprintExportEndpoint
{
    public static void MapBlueprintExportEndpoint(this WebApplication app) =>
        app.MapGet("/blueprints/{id}/export", ExportAsync).RequireAuthorization().ExcludeFromDescription();

    private static async Task<IResult> ExportAsync(string id, int? version, HttpContext context, UserApi api)
    {
        try
        {
            var client = await api.For(context.User).ClientAsync();
            var blueprint = version is { } v
                ? await client.Blueprints.GetVersionAsync(id, v, context.RequestAborted)
                : await client.Blueprints.GetAsync(id, context.RequestAborted);
            var json = BlueprintDraft.From(blueprint.ToDocument()).ToJson();
            context.Response.Headers.CacheControl = "no-store";
            // The file's name is fixed text: the id is the server's (hex), but nothing from the document goes in a header.
            return Results.File(Encoding.UTF8.GetBytes(json), "application/octet-stream", version is null ? "blueprint.json" : $"blueprint-v{version}.json");
        }
        catch (SorchaApiException ex) when (ex.Status is 403 or 404)
        {
            return Results.NotFound();
        }
        catch (SessionEndedException)
        {
            return Results.Redirect("/signin?returnUrl=" + Uri.EscapeDataString(context.Request.Path));
        }
        catch (Exception ex) when (ex is HttpRequestException or SorchaApiException or JsonException)
        {
            return Results.Text(ProblemText.Describe(ex), "text/plain; charset=utf-8", statusCode: StatusCodes.Status502BadGateway);
        }
    }
}
