using Microsoft.Extensions.Options;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// Limits that cannot work (a zero rate, a negative timeout, no verify slot) are refused when the process starts, each
/// named by its configuration key, instead of surfacing later as every request failing.
/// </summary>
public sealed class LimitsValidation : IValidateOptions<LimitsOptions>
{
    public ValidateOptionsResult Validate(string? name, LimitsOptions options)
    {
        var failures = new List<string>();
        void AtLeast(string key, double value, double minimum)
        {
            if (!(value >= minimum)) // also refuses NaN
            {
                failures.Add($"{LimitsOptions.Section}:{key} must be at least {minimum}; it is {value}.");
            }
        }

        void Positive(string key, double value)
        {
            if (!(value > 0))
            {
                failures.Add($"{LimitsOptions.Section}:{key} must be more than 0; it is {value}.");
            }
        }

        AtLeast("MaxRequestBodyBytes", options.MaxRequestBodyBytes, 1);
        AtLeast("RateLimit:PermitsPerSecond", options.RateLimit.PermitsPerSecond, 1);
        AtLeast("RateLimit:Burst", options.RateLimit.Burst, 1);
        Positive("Timeouts:OutgoingSeconds", options.Timeouts.OutgoingSeconds);
        Positive("Timeouts:ForwarderSeconds", options.Timeouts.ForwarderSeconds);
        Positive("Timeouts:ForwarderConnectSeconds", options.Timeouts.ForwarderConnectSeconds);
        Positive("Timeouts:HealthProbeSeconds", options.Timeouts.HealthProbeSeconds);
        AtLeast("Redis:ConnectTimeoutMs", options.Redis.ConnectTimeoutMs, 1);
        AtLeast("Redis:AsyncTimeoutMs", options.Redis.AsyncTimeoutMs, 1);
        AtLeast("KeyGeneration:Concurrent", options.KeyGeneration.Concurrent, 1);
        AtLeast("KeyGeneration:QueueSeconds", options.KeyGeneration.QueueSeconds, 0);
        AtLeast("Verify:PerCaller", options.Verify.PerCaller, 1);
        AtLeast("Verify:Concurrent", options.Verify.Concurrent, 1);
        AtLeast("Verify:QueueSeconds", options.Verify.QueueSeconds, 0);
        AtLeast("Verify:MaxDegreeOfParallelism", options.Verify.MaxDegreeOfParallelism, 1);
        AtLeast("Health:CacheSeconds", options.Health.CacheSeconds, 0);
        AtLeast("Connections:MaxConnections", options.Connections.MaxConnections, 1);
        // Past the outgoing clients' idle timeout, so that they close an idle connection first (ConnectionOptions).
        AtLeast("Connections:KeepAliveSeconds", options.Connections.KeepAliveSeconds, ConnectionOptions.OutgoingIdle.TotalSeconds + 1);
        Positive("Connections:RequestHeadersSeconds", options.Connections.RequestHeadersSeconds);
        Positive("Connections:MinRequestBodyBytesPerSecond", options.Connections.MinRequestBodyBytesPerSecond);
        Positive("Connections:MinResponseBytesPerSecond", options.Connections.MinResponseBytesPerSecond);
        AtLeast("Quotas:Wallets", options.Quotas.Wallets, 0);
        AtLeast("Quotas:DerivedAddresses", options.Quotas.DerivedAddresses, 0);
        AtLeast("Quotas:Registers", options.Quotas.Registers, 0);
        AtLeast("Quotas:Blueprints", options.Quotas.Blueprints, 0);
        AtLeast("Quotas:BlueprintBytes", options.Quotas.BlueprintBytes, 0);
        AtLeast("Quotas:OpenInstances", options.Quotas.OpenInstances, 0);
        AtLeast("Quotas:Instances", options.Quotas.Instances, 0);
        AtLeast("Quotas:WalletGrants", options.Quotas.WalletGrants, 0);
        AtLeast("Quotas:BlueprintVersions", options.Quotas.BlueprintVersions, 0);
        AtLeast("Quotas:Templates", options.Quotas.Templates, 0);
        AtLeast("Indexes:MaxRecipients", options.Indexes.MaxRecipients, 1);
        AtLeast("Indexes:FilterBudget", options.Indexes.FilterBudget, 1);
        AtLeast("Attachments:MaxFileBytes", options.Attachments.MaxFileBytes, 1);
        AtLeast("Attachments:MaxFiles", options.Attachments.MaxFiles, 0);
        AtLeast("Attachments:MaxActionBytes", options.Attachments.MaxActionBytes, 0);
        AtLeast("Attachments:MaxSealedBytes", options.Attachments.MaxSealedBytes, 0);
        AtLeast("Attachments:QuotaBytes", options.Attachments.QuotaBytes, 0);
        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}
