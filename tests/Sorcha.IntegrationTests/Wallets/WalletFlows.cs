using System.Net;
using System.Text.Json;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

/// <summary>Small steps the wallet tests share.</summary>
public static class WalletFlows
{
    public static Task<JsonElement> CreateAsync(HttpClient client, string algorithm, string? mnemonic = null) =>
        Json.PostAsync(client, "/api/wallets", new { name = $"{algorithm} test", algorithm, mnemonic }, HttpStatusCode.Created);

    public static Task<JsonElement> SignAsync(HttpClient client, string address, byte[] data) =>
        Json.PostAsync(client, $"/api/wallets/{address}/sign", new { data = Convert.ToBase64String(data) }, HttpStatusCode.OK);
}
