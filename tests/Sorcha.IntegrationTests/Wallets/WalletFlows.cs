using System.Net;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.IntegrationTests.Wallets;

/// <summary>Small steps the wallet tests share.</summary>
public static class WalletFlows
{
    public static Task<CreatedWalletDto> CreateAsync(HttpClient client, SignatureAlgorithm algorithm, string? mnemonic = null) =>
        Json.PostAsync<CreatedWalletDto>(client, "/api/wallets", new { name = $"{algorithm} test", algorithm = algorithm.ToString(), mnemonic },
            HttpStatusCode.Created);

    public static Task<SignResponse> SignAsync(HttpClient client, string address, byte[] data) =>
        Json.PostAsync<SignResponse>(client, $"/api/wallets/{address}/sign", new { data = Convert.ToBase64String(data) }, HttpStatusCode.OK);
}
