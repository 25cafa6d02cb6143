using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Secrets;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>
/// Settings are read through options bound at start (docs/architecture.md, "Where to add things"): one that cannot work
/// stops the process at start naming its key (that a limit reaches the library it is for: RedisSettingsTests).
/// </summary>
public sealed class SettingsAtStartTests
{
    private static WebApplicationBuilder Builder(string key, string? value)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?> { [key] = value });
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.AddSorchaApiPlatform();
        return builder;
    }

    private static async Task AssertRefusedAtStartAsync(WebApplicationBuilder builder, string message)
    {
        await using var app = builder.Build();
        var e = await Assert.ThrowsAsync<OptionsValidationException>(() => app.StartAsync());
        Assert.Equal(message, e.Message);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("not base64!")]
    [InlineData("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==")] // 31 bytes
    [InlineData("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==")] // 33 bytes
    public async Task A_key_encryption_key_that_is_not_32_bytes_of_base64_stops_the_process_at_start(string? kek)
    {
        var builder = Builder("Wallet:KeyEncryptionKey", kek);
        KeyEncryptionKey.AddKeyEncryptionKey(builder, "Wallet");

        await AssertRefusedAtStartAsync(builder, "Wallet:KeyEncryptionKey must be base64 of exactly 32 bytes.");
    }

    [Fact]
    public async Task A_development_token_key_that_is_not_base64_stops_the_process_at_start() =>
        await AssertRefusedAtStartAsync(Builder(DevelopmentTokens.SigningKeyConfigKey, "not base64!"),
            "Authentication:Development:SigningKey must be base64.");

    [Fact]
    public async Task A_service_token_key_that_is_not_base64_stops_the_process_at_start()
    {
        var builder = Builder(ServiceTokens.SigningKeyConfigKey, "not base64!");
        builder.AcceptServiceTokens();

        await AssertRefusedAtStartAsync(builder, "Authentication:Service:SigningKey must be base64.");
    }
}
