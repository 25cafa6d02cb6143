using Sorcha.AppHost.Redis;
using Sorcha.AppHost.Hosting;
using Sorcha.ApiPlatform.Auth;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Production;

/// <summary>
/// What each child process runs with, read from /proc/&lt;pid&gt;/environ: the environment the AppHost was given,
/// and only the secrets that child uses. The AppHost's own environment held a parameter (the fixture's canary), the
/// gateway's Development-only test hook and the issuer settings; no child may have received the first two, Redis none.
/// </summary>
[Collection(ProductionScope.Name)]
public sealed class ChildEnvironmentTests(ProductionPlatformFixture platform)
{
    [Fact]
    public void Each_child_runs_in_Production_and_holds_only_the_secrets_it_uses()
    {
        var options = platform.Options;
        var secrets = new (string Name, string Value, string[] Holders)[]
        {
            ("wallet KEK", options.WalletKeyEncryptionKey, ["wallet"]),
            ("register KEK", options.RegisterKeyEncryptionKey, ["register"]),
            ("service token key", Convert.ToBase64String(ServiceTokens.DeriveSigningKey(options.ServiceTokenSecret)), ["blueprint", "transaction"]),
            ("dev client secret", platform.GivenSecrets["dev-client-secret"], []),
            ("development token key", Convert.ToBase64String(DevelopmentTokens.DeriveSigningKey(platform.GivenSecrets["dev-client-secret"])), []),
            ("AppHost parameter", platform.Canary, []),
        };

        var findings = new List<string>();
        foreach (var resource in platform.App.Resources.Where(r => r.Process is not null))
        {
            var name = resource.Name;
            var environ = ProcessEnviron.Read(resource.Process!);
            var text = string.Join('\n', environ.Select(e => $"{e.Key}={e.Value}"));
            foreach (var (secret, value, holders) in secrets)
            {
                var holds = text.Contains(value, StringComparison.Ordinal);
                if (holds != holders.Contains(name))
                {
                    findings.Add($"{name} {(holds ? "holds" : "lacks")} the {secret}");
                }
            }

            findings.AddRange(environ.Keys.Where(k => k.StartsWith("Parameters__", StringComparison.Ordinal) || k == ProductionPlatformFixture.TestHookVariable)
                .Select(k => $"{name} has {k}"));
            if (name == RedisSelector.ResourceName)
            {
                // Redis gets the basics every child inherits (what the AppHost kept of its environment), and nothing of Sorcha's.
                findings.AddRange(environ.Keys.Where(k => !IsBasic(k)).Select(k => $"redis has {k}"));
            }
            else
            {
                foreach (var variable in new[] { "ASPNETCORE_ENVIRONMENT", "DOTNET_ENVIRONMENT" })
                {
                    if (environ.GetValueOrDefault(variable) != "Production")
                    {
                        findings.Add($"{name} runs with {variable}={environ.GetValueOrDefault(variable)}");
                    }
                }
            }
        }

        Assert.True(findings.Count == 0, string.Join('\n', findings));
    }

    private static bool IsBasic(string name) =>
        CleanEnvironment.Basics.Any(p => p.EndsWith('*') ? name.StartsWith(p[..^1], StringComparison.Ordinal) : name == p);
}
