extern alias wallet;

using System.Net.Http.Headers;
using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>
/// Two Wallet services in process on one Redis with one key-encryption key, as two replicas behind the gateway, with
/// Limits:Quotas:DerivedAddresses at <see cref="DerivedLimit"/>.
/// </summary>
public sealed class WalletReplicas : ServiceHost
{
    public const int DerivedLimit = 3;

    private Uri? _second;

    protected override void StartServices(IReadOnlyDictionary<string, string> common)
    {
        var settings = new Dictionary<string, string>(common)
        {
            ["Wallet:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
            ["Limits:Quotas:DerivedAddresses"] = $"{DerivedLimit}",
        };
        Start<wallet::Program>("wallet", ["/api/wallets"], settings);
        _second = Start<wallet::Program>("wallet-b", [], settings);
    }

    /// <summary>A client of the second replica acting as <paramref name="clientId"/>.</summary>
    public HttpClient Second(string clientId)
    {
        var http = new HttpClient { BaseAddress = _second };
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", TokenFor(clientId));
        return http;
    }
}
