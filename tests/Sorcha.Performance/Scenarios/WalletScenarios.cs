using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>Wallets seeded in InitAsync (never made-up ids); every step checks what came back.</summary>
public abstract class WalletScenario : Scenario
{
    protected AuthenticationHeaderValue Auth { get; private set; } = null!;
    protected string Address { get; private set; } = "";
    protected byte[] PublicKey { get; private set; } = [];

    public override async Task InitAsync(LoadContext context, CancellationToken ct)
    {
        Auth = await context.AuthAsync("load-" + Name, ct);
        (Address, PublicKey) = await CreateWalletAsync(context, ct);
    }

    protected async Task<(string Address, byte[] PublicKey)> CreateWalletAsync(LoadContext context, CancellationToken ct)
    {
        using var response = await context.SendAsync(HttpMethod.Post, "/api/wallets", new { name = Name, algorithm = "ED25519" }, Auth, ct);
        if (response.StatusCode != HttpStatusCode.Created)
        {
            throw new InvalidOperationException($"{Name}: seeding a wallet failed with {(int)response.StatusCode}");
        }

        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        return (body.RootElement.GetProperty("address").GetString()!,
            Convert.FromBase64String(body.RootElement.GetProperty("publicKey").GetString()!));
    }

    protected async Task<JsonDocument?> OkJsonAsync(LoadContext context, HttpMethod method, string url, object? body, CancellationToken ct)
    {
        using var response = await context.SendAsync(method, url, body, Auth, ct);
        return response.StatusCode == HttpStatusCode.OK ? JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct)) : null;
    }
}

public sealed class WalletRead : WalletScenario
{
    public override string Name => "wallet_read";
    public override double DefaultRate => 25;

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        using var body = await OkJsonAsync(context, HttpMethod.Get, $"/api/wallets/{Address}", null, ct);
        return body?.RootElement.GetProperty("address").GetString() == Address;
    }
}

/// <summary>Signs 32 random bytes (a txId's size); OK only when the signature verifies on the client.</summary>
public sealed class WalletSign : WalletScenario
{
    public override string Name => "wallet_sign";
    public override double DefaultRate => 30;

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var data = RandomNumberGenerator.GetBytes(32);
        using var body = await OkJsonAsync(context, HttpMethod.Post, $"/api/wallets/{Address}/sign",
            new { data = Convert.ToBase64String(data) }, ct);
        return body is not null && Signatures.Verify(SignatureAlgorithm.ED25519, PublicKey, data,
            Convert.FromBase64String(body.RootElement.GetProperty("signature").GetString()!));
    }
}

/// <summary>Encrypts to a second seeded wallet, decrypts as it, and compares the bytes.</summary>
public sealed class WalletEncryptDecrypt : WalletScenario
{
    private string _recipient = "";

    public override string Name => "wallet_encrypt_decrypt";
    public override double DefaultRate => 20;

    public override async Task InitAsync(LoadContext context, CancellationToken ct)
    {
        await base.InitAsync(context, ct);
        (_recipient, _) = await CreateWalletAsync(context, ct);
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var data = RandomNumberGenerator.GetBytes(256);
        using var envelope = await OkJsonAsync(context, HttpMethod.Post, $"/api/wallets/{Address}/encrypt",
            new { recipient = _recipient, data = Convert.ToBase64String(data) }, ct);
        if (envelope is null)
        {
            return false;
        }

        using var opened = await OkJsonAsync(context, HttpMethod.Post, $"/api/wallets/{_recipient}/decrypt", envelope.RootElement, ct);
        return opened is not null && Convert.FromBase64String(opened.RootElement.GetProperty("data").GetString()!).AsSpan().SequenceEqual(data);
    }
}
