using System.Text.RegularExpressions;
using Sorcha.Client;
using Sorcha.Web.Identity;

namespace Sorcha.Web.Api;

/// <summary>
/// <c>GET /registers/{id}/export</c>: the register's export (every committed transaction, then every docket, as
/// NDJSON) streamed through to the browser as a download, for the offline verifier. It reads the API with the
/// signed-in person's token like every page does, so a register they cannot read is 404 here too.
/// </summary>
public static partial class ExportEndpoint
{
    public static void MapExportEndpoint(this WebApplication app) =>
        app.MapGet("/registers/{id}/export", ExportAsync).RequireAuthorization().ExcludeFromDescription();

    private static async Task ExportAsync(string id, HttpContext context, UserApi api, ILoggerFactory loggers)
    {
        Stream export;
        try
        {
            export = await (await api.For(context.User).ClientAsync()).Registers.OpenExportAsync(id, context.RequestAborted);
        }
        catch (SorchaApiException ex) when (ex.Status is 403 or 404)
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
            return;
        }
        catch (SessionEndedException)
        {
            context.Response.Redirect("/signin?returnUrl=" + Uri.EscapeDataString(context.Request.Path));
            return;
        }
        catch (HttpRequestException ex)
        {
            loggers.CreateLogger(typeof(ExportEndpoint)).LogWarning(ex, "A register export could not be opened");
            context.Response.StatusCode = StatusCodes.Status502BadGateway;
            context.Response.ContentType = "text/plain; charset=utf-8";
            await context.Response.WriteAsync(ProblemText.Describe(ex), context.RequestAborted);
            return;
        }

        await using (export)
        {
            context.Response.ContentType = "application/x-ndjson";
            context.Response.Headers.ContentDisposition = $"attachment; filename=register-{SafeName().Replace(id, "_")}.ndjson";
            context.Response.Headers.CacheControl = "no-store";
            await export.CopyToAsync(context.Response.Body, context.RequestAborted);
        }
    }

    /// <summary>What may not appear in the file's name (a register id is hex; anything else is replaced).</summary>
    [GeneratedRegex("[^A-Za-z0-9._-]")]
    private static partial Regex SafeName();
}
