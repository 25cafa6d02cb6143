using System.Net;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Service.Problems;

namespace Sorcha.Blueprint.Service.Downstream;

/// <summary>The sender's wallet's public parts, as the Wallet service shows them to its owner.</summary>
public sealed record SenderWallet(string Address, string Algorithm, string PublicKey);

/// <summary>Typed client for the Wallet service (discovery name "wallet"); every call acts as the caller.</summary>
public sealed class WalletClient(HttpClient http)
{
    private const string Service = "wallet";

    /// <summary>The caller's wallet; another caller's (or no) wallet → 403 "sender is not your wallet".</summary>
    public async Task<SenderWallet> GetOwnAsync(string address, AuthenticationHeaderValue auth, CancellationToken ct)
    {
        using var response = await Downstream.SendAsync(http, HttpMethod.Get, Path(address), null, auth, Service, ct);
        if (response.StatusCode == HttpStatusCode.NotFound)
        {
            throw NotYours(address);
        }

        if (response.StatusCode != HttpStatusCode.OK)
        {
            throw await Downstream.UnexpectedAsync(response, Service, ct);
        }

        var body = await Downstream.ReadObjectAsync(response, Service, ct);
        return new SenderWallet(address, Downstream.RequiredString(body, "algorithm", Service),
            Downstream.RequiredString(body, "publicKey", Service));
    }

    /// <summary>An Envelope for <paramref name="recipient"/>, passed on exactly as the Wallet service wrote it.</summary>
    public async Task<JsonObject> EncryptAsync(string sender, string recipient, byte[] data, AuthenticationHeaderValue auth,
        CancellationToken ct)
    {
        var body = new JsonObject { ["recipient"] = recipient, ["data"] = Convert.ToBase64String(data) };
        using var response = await Downstream.SendAsync(http, HttpMethod.Post, Path(sender) + "/encrypt", body, auth, Service, ct);
        if (response.StatusCode == HttpStatusCode.NotFound)
        {
            // The sender was checked to be the caller's just before, so this is the recipient's wallet missing.
            throw new ProblemException(StatusCodes.Status422UnprocessableEntity, "Recipient wallet not found",
                $"The wallet '{recipient}' bound to a participant does not exist (anymore): {await Downstream.DetailAsync(response, ct)}");
        }

        if (response.StatusCode != HttpStatusCode.OK)
        {
            throw await Downstream.UnexpectedAsync(response, Service, ct);
        }

        return await Downstream.ReadObjectAsync(response, Service, ct);
    }

    /// <summary>The base64 signature over <paramref name="data"/>, checked to come from <paramref name="wallet"/>'s key.</summary>
    public async Task<string> SignAsync(SenderWallet wallet, byte[] data, AuthenticationHeaderValue auth, CancellationToken ct)
    {
        var body = new JsonObject { ["data"] = Convert.ToBase64String(data) };
        using var response = await Downstream.SendAsync(http, HttpMethod.Post, Path(wallet.Address) + "/sign", body, auth, Service, ct);
        if (response.StatusCode == HttpStatusCode.NotFound)
        {
            throw NotYours(wallet.Address);
        }

        if (response.StatusCode != HttpStatusCode.OK)
        {
            throw await Downstream.UnexpectedAsync(response, Service, ct);
        }

        var signed = await Downstream.ReadObjectAsync(response, Service, ct);
        if (Downstream.RequiredString(signed, "publicKey", Service) != wallet.PublicKey)
        {
            throw ProblemException.BadGateway(Service, "the wallet signed with a key other than the one it showed");
        }

        return Downstream.RequiredString(signed, "signature", Service);
    }

    private static string Path(string address) => "/api/wallets/" + Uri.EscapeDataString(address);

    private static ProblemException NotYours(string address) => new(StatusCodes.Status403Forbidden, "Forbidden",
        $"The sender '{address}' is not your wallet: only its owner can act with it.");
}
