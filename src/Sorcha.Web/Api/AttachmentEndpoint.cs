using System.Net.Mime;
using System.Security.Cryptography;
using System.Text.Json;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.Client;
using Sorcha.Web.Identity;

namespace Sorcha.Web.Api;

/// <summary>
/// <c>GET /instances/{id}/attachments/{txId}/{index}</c>: a file the person may open, fetched with their token,
/// decrypted by their wallet (in the Wallet service: no key leaves it), checked against the SHA-256 the register
/// signed, and sent as a download. Always <c>application/octet-stream</c> with a plain file name: a file's declared
/// type (an author's or participant's word) must never make the browser render it on this origin.
/// </summary>
public static class AttachmentEndpoint
{
    public static void MapAttachmentEndpoint(this WebApplication app) =>
        app.MapGet("/instances/{instanceId}/attachments/{txId}/{index:int}", DownloadAsync).RequireAuthorization();

    private static async Task<Results<FileContentHttpResult, NotFound, ProblemHttpResult>> DownloadAsync(
        string instanceId, string txId, int index, HttpContext context, UserApi api, CancellationToken cancellationToken)
    {
        try
        {
            var client = await api.For(context.User).ClientAsync();
            var instance = await client.Instances.GetAsync(instanceId, cancellationToken);
            var envelope = await client.Instances.GetAttachmentAsync(instanceId, txId, index, cancellationToken);
            var tx = await client.Registers.GetTransactionAsync(instance.RegisterId, txId, cancellationToken);
            var file = tx.Payload.Deserialize(SorchaJsonContext.Default.ActionPayload)?.Attachments?.ElementAtOrDefault(index);
            if (file is null)
            {
                return TypedResults.NotFound();
            }

            var bytes = await client.Wallets.DecryptAsync(envelope.Recipient, envelope, cancellationToken);
            if (!string.Equals(Convert.ToHexStringLower(SHA256.HashData(bytes)), file.Sha256, StringComparison.Ordinal))
            {
                return TypedResults.Problem(statusCode: StatusCodes.Status409Conflict, title: "The file does not match its transaction",
                    detail: "Its SHA-256 differs from the one the register holds; it was not sent.");
            }

            return TypedResults.File(bytes, MediaTypeNames.Application.Octet, SafeName(file.Name));
        }
        catch (SorchaApiException ex) when (ex.Status is 403 or 404)
        {
            return TypedResults.NotFound();
        }
        catch (Exception ex) when (ex is SorchaApiException or HttpRequestException or SessionEndedException)
        {
            // The API's own refusal keeps its status; Sorcha unreachable or failing is the gateway's 502.
            var status = ex switch { SorchaApiException { Status: < 500 } refused => refused.Status, SessionEndedException => 401, _ => 502 };
            return TypedResults.Problem(statusCode: status, title: "The file could not be opened", detail: ProblemText.Describe(ex));
        }
    }

    /// <summary>The name without any path or control characters (it came from a participant).</summary>
    public static string SafeName(string name)
    {
        var clean = new string([.. Path.GetFileName(name.Replace('\\', '/')).Where(c => !char.IsControl(c) && c != '"')]);
        return clean.Length is > 0 and <= 200 ? clean : "attachment";
    }
}
