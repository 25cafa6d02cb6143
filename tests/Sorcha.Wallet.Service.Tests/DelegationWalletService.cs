extern alias wallet;

using System.Collections.Concurrent;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>
/// The Wallet service on a Redis of its own, with a wall clock the test moves (<see cref="Clock"/>: grants expire
/// without waiting), a grant quota of <see cref="GrantLimit"/> and its log events kept (<see cref="Logs"/>).
/// </summary>
public sealed class DelegationWalletService : ServiceHost
{
    public const int GrantLimit = 3;

    public ShiftedClock Clock { get; } = new();

    public ConcurrentQueue<LogRecord> Logs { get; } = new();

    protected override void StartServices(IReadOnlyDictionary<string, string> common) =>
        Start<wallet::Program>("wallet", ["/api/wallets"], new Dictionary<string, string>(common)
        {
            ["Wallet:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
            ["Limits:Quotas:WalletGrants"] = $"{GrantLimit}",
        }, services =>
        {
            services.AddSingleton<TimeProvider>(Clock);
            services.AddSingleton<ILoggerProvider>(new KeepingLogs(Logs));
        });
}

/// <summary>The system's clock moved ahead by what the test says; timestamps (leases, idle keys) are left alone.</summary>
public sealed class ShiftedClock : TimeProvider
{
    private long _aheadTicks;

    public override DateTimeOffset GetUtcNow() => base.GetUtcNow() + TimeSpan.FromTicks(Interlocked.Read(ref _aheadTicks));

    public void Advance(TimeSpan by) => Interlocked.Add(ref _aheadTicks, by.Ticks);
}

public sealed record LogRecord(string Category, LogLevel Level, EventId EventId, string Message);

internal sealed class KeepingLogs(ConcurrentQueue<LogRecord> logs) : ILoggerProvider
{
    public ILogger CreateLogger(string categoryName) => new Keeper(categoryName, logs);

    public void Dispose()
    {
    }

    private sealed class Keeper(string category, ConcurrentQueue<LogRecord> logs) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Information;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                logs.Enqueue(new LogRecord(category, logLevel, eventId, formatter(state, exception)));
            }
        }
    }
}
